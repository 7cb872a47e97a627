import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Where the phone goes (docs/product.md, "Counting with the camera"): upright on the floor, a couple of
 * metres to the side, so the camera sees the whole body side on, hands to feet.
 */
export function PlacementGuide() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <svg
        role="img"
        aria-label={t`A phone standing on the floor beside a person in a push-up, who is seen from the side`}
        viewBox="0 0 320 150"
        className="w-full max-w-sm shrink-0 self-center text-slate-700"
      >
        {/* the floor */}
        <line x1="8" y1="132" x2="312" y2="132" stroke="currentColor" strokeWidth="2" />
        {/* the phone, upright on the floor, and what its camera sees */}
        <rect x="20" y="92" width="12" height="40" rx="3" className="fill-brand-600" />
        <path d="M32 104 L312 30 L312 132 L32 112 Z" className="fill-brand-100" opacity="0.7" />
        <path
          d="M32 104 L312 30 M32 112 L312 132"
          stroke="currentColor"
          strokeDasharray="5 5"
          strokeWidth="1.5"
          fill="none"
        />
        {/* the person in a plank, seen from the side: head, arm, body, leg */}
        <g stroke="currentColor" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" fill="none">
          <path d="M150 131 L152 102 L160 84" />
          <path d="M160 84 L228 102 L294 130" />
        </g>
        <circle cx="147" cy="74" r="11" className="fill-slate-700" />
      </svg>
      <ul className="flex flex-col gap-2 text-base text-slate-800">
        <li className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-brand-700">
            1
          </span>
          <span>
            <Trans>
              Stand the phone upright on the floor (lean it against something), about two metres to your side,
              screen towards you.
            </Trans>
          </span>
        </li>
        <li className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-brand-700">
            2
          </span>
          <span>
            <Trans>Turn side on to it: the camera sees you from the side.</Trans>
          </span>
        </li>
        <li className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-brand-700">
            3
          </span>
          <span>
            <Trans>Your whole body in view, hands to feet. Counting starts once it is.</Trans>
          </span>
        </li>
      </ul>
    </div>
  );
}
