import type { ReactNode } from 'react';

/** A titled figure with a text description for screen readers and a fixed-height plotting area. */
export function ChartFrame({
  title,
  description,
  controls,
  children,
  testId,
}: {
  title: string;
  description: string;
  controls?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <figure className="chart" data-testid={testId}>
      <div className="chart__head">
        <figcaption className="chart__title">{title}</figcaption>
        {controls}
      </div>
      <p className="visually-hidden">{description}</p>
      <div className="chart__plot" aria-hidden="true">
        {children}
      </div>
    </figure>
  );
}
