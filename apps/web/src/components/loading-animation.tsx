import { cn } from '@/lib/cn';
import { loadingText } from '@/lib/i18n/core-texts';

/**
 * A push-up figure drawn as inline SVG: the body pivots on the feet while the arms bend (CSS
 * keyframes in index.css; still under prefers-reduced-motion).
 */
export function PushupFigure({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 60" className={cn('pushup-figure', className)} aria-hidden="true" focusable="false">
      <line x1="4" y1="53" x2="116" y2="53" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
      <g className="pushup-arm">
        <line x1="88" y1="51" x2="86" y2="30" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      </g>
      <g className="pushup-body">
        <polyline
          points="14,50 50,40 86,30"
          fill="none"
          stroke="currentColor"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="97" cy="24" r="7" fill="currentColor" />
      </g>
    </svg>
  );
}

/** The loading state: the animated figure and a text that screen readers announce. */
export function LoadingAnimation({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 py-10', className)}>
      <PushupFigure className="h-16 w-32 text-brand-700" />
      <p className="text-sm font-medium text-slate-700">{label ?? loadingText()}</p>
    </div>
  );
}

/**
 * A whole page's loading state. The footer stays hidden while one is shown (index.css,
 * `.page-loading`): below a loading state shorter than the screen it sat in view, and the page
 * pushed it down as it arrived (a layout shift of up to 0.17 on a phone, docs/performance.md).
 */
export function PageLoading({ label }: { label?: string }) {
  return <LoadingAnimation label={label} className="page-loading" />;
}

export function FullPageLoading({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <PageLoading label={label} />
    </div>
  );
}
