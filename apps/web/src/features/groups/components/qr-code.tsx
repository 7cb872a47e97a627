import { encode } from 'uqr';

/** Modules of white around the code: the quiet zone a camera needs to find it. */
const QUIET_ZONE = 4;

/**
 * A link as a QR code, drawn as one SVG path. Black on white in both themes (a camera reads dark
 * modules on a light ground); loaded only when a QR code is opened (qr-code-dialog.tsx), so the pages
 * carry none of the encoder.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, data } = encode(value, { ecc: 'M', border: 0 });
  const side = size + QUIET_ZONE * 2;
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className="size-full rounded-lg"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
