import { type ButtonHTMLAttributes, type RefObject, useEffect, useRef } from 'react';
import { focusIsLost } from '../lib/focus';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-300',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
};

export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;

/**
 * A button that keeps keyboard users in place: disabled while its work runs, it drops focus to
 * <body> (the browser blurs a disabled control); once enabled again it takes focus back,
 * unless the person has moved on. `ref` lets a page send focus back here (after a form this
 * button opened has closed).
 */
export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  disabled,
  onBlur,
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  ref?: RefObject<HTMLButtonElement | null>;
}) {
  const internal = useRef<HTMLButtonElement>(null);
  const own = ref ?? internal;
  const refocus = useRef(false);
  useEffect(() => {
    if (disabled || !refocus.current) return;
    refocus.current = false;
    if (focusIsLost()) own.current?.focus();
  }, [disabled, own]);
  return (
    <button
      ref={own}
      type={type}
      disabled={disabled}
      className={buttonClass(variant, className)}
      onBlur={(event) => {
        if (event.currentTarget.disabled) refocus.current = true;
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
