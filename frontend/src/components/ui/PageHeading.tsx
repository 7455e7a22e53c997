import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';
import { takeNavigationFocus } from '@/lib/route-focus';

/**
 * A page's <h1>. After a client-side navigation it takes the focus (so keyboard and screen-reader users start
 * at the new page's title, not on <body>); on the first load it leaves focus alone (the skip link comes first).
 */
export function PageHeading(props: ComponentPropsWithoutRef<'h1'>) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (ref.current && takeNavigationFocus()) ref.current.focus({ preventScroll: false });
  }, []);
  return <h1 ref={ref} tabIndex={-1} {...props} />;
}
