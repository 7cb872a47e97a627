import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner and disables the button; callers pass a pending flag that ends on error too. */
  loading?: boolean;
}

/**
 * A filled button that cannot be pressed turns neutral, with readable text in both themes: faded, its
 * colour read as a muddy brown with dark text on the dark theme's background.
 */
const FILLED_DISABLED = 'disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none';

const variants: Record<Variant, string> = {
  primary: cn('bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900', FILLED_DISABLED),
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100 disabled:opacity-60',
  ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200 disabled:opacity-60',
  danger: cn('bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900', FILLED_DISABLED),
};

const sizes: Record<Size, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-5 text-base',
};

export const buttonClasses = (variant: Variant = 'primary', size: Size = 'md', className?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors',
    'disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  );

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      {...props}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
    >
      {loading && <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />}
      {children}
    </button>
  );
}
