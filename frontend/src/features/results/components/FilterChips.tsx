import type { Filters, Paper } from '@/types/api';
import { unappliedFilterNotice } from '../filter-notice';

/** The filters this search ran with, as chips ("2000–2010", "Randomized Controlled Trial"); nothing when none. */
export function filterChips(filters: Filters | null | undefined): string[] {
  if (!filters) return [];
  const chips: string[] = [];
  const { from_year: from, to_year: to } = filters;
  if (from !== null && to !== null) chips.push(from === to ? `Published in ${from}` : `Published ${from}–${to}`);
  else if (from !== null) chips.push(`Published ${from} or later`);
  else if (to !== null) chips.push(`Published ${to} or earlier`);
  chips.push(...(filters.publication_types ?? []));
  return chips;
}

/** The chips, and a notice when the source could not apply a filter to some of the studies shown. */
export function FilterChips({
  filters,
  papers = [],
}: {
  filters: Filters | null | undefined;
  papers?: Pick<Paper, 'publication_types'>[];
}) {
  const chips = filterChips(filters);
  if (!chips.length) return null;
  const notice = unappliedFilterNotice(filters, papers);
  return (
    <div className="filter-chips" data-testid="filter-chips">
      <span id="filter-chips-label" className="filter-chips__label">
        Filters:
      </span>
      <ul aria-labelledby="filter-chips-label">
        {chips.map((c) => (
          <li key={c} className="tag">
            {c}
          </li>
        ))}
      </ul>
      {notice && (
        <p className="filter-chips__notice" data-testid="filter-notice">
          {notice}
        </p>
      )}
    </div>
  );
}
