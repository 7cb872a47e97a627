import { Link } from 'react-router';
import { INSTANCE } from '@/config/instance';

function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#c2410c" />
      <g fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="47" cy="22" r="5" fill="#fff" stroke="none" />
        <path d="M41 27 12 38" />
        <path d="M38 28l3 16" />
        <path d="M8 46h48" />
      </g>
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2.5 rounded-lg font-extrabold tracking-tight text-slate-900"
    >
      <BrandMark className="size-9" />
      <span className="text-lg">{INSTANCE.appName}</span>
    </Link>
  );
}
