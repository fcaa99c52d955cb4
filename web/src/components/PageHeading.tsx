import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focusIsLost } from '../lib/focus';

/**
 * A page's h1. After a navigation inside the app the link or button that led here is gone and
 * focus would fall to <body>: the heading takes it, so a keyboard or screen-reader user starts
 * at the new page's title, where reading a page starts. Focus somewhere real is left alone,
 * and so is the first page of a visit (React Router's initial location has the key
 * "default"). Once per location: a heading shown again on the same page (after a reload of its data) leaves focus alone.
 * `ref` lets a page send focus here after it removed the control that had it.
 */
/** The location whose heading has had its chance to take focus. */
let arrivedAt: string | null = null;

export function PageHeading({
  className = '',
  children,
  ref,
}: {
  className?: string;
  children: ReactNode;
  ref?: RefObject<HTMLHeadingElement | null>;
}) {
  const { key } = useLocation();
  const own = useRef<HTMLHeadingElement>(null);
  const heading = ref ?? own;
  useEffect(() => {
    if (key === 'default' || key === arrivedAt) return;
    arrivedAt = key;
    if (focusIsLost()) heading.current?.focus();
  }, [key, heading]);
  return (
    <h1 ref={heading} tabIndex={-1} className={`font-bold text-slate-900 outline-none ${className}`}>
      {children}
    </h1>
  );
}
