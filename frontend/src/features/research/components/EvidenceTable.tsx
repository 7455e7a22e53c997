import { Fragment, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SearchDocument } from '@/types/api';
import { designOptions, filterRows, firstDirection, sortRows, tableRows, type SortDirection, type SortKey, type TableRow } from '../table';

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'rank', label: '#', numeric: true },
  { key: 'year', label: 'Year', numeric: true },
  { key: 'design', label: 'Design' },
  { key: 'n', label: 'People (n)', numeric: true },
  { key: 'addresses', label: 'Addresses' },
  { key: 'stance', label: 'Stance (confidence)' },
  { key: 'weight', label: 'Evidence weight', numeric: true },
  { key: 'citations', label: 'Citations', numeric: true },
  { key: 'venue', label: 'Venue' },
];

const STANCE_WORDS = { supports: 'Supports', refutes: 'Refutes', neutral: 'Neutral' } as const;
const dash = <span aria-label="unknown">—</span>;

function stanceCell(r: TableRow) {
  if (!r.stance) return <span className="hint">not judged</span>;
  const pct = r.strength === null ? '' : ` (${Math.round(r.strength * 100)}%)`;
  return (
    <span className={`table-stance table-stance--${r.stance}`}>
      {r.uncertain ? `Uncertain: ${STANCE_WORDS[r.stance].toLowerCase()}` : STANCE_WORDS[r.stance]}
      {pct}
    </span>
  );
}

/**
 * The studies as a sortable, filterable table (beside the cards). Column headers are buttons (Tab, Enter / Space)
 * and say their sort order through aria-sort; the design filter is lifted to the result page, so it narrows the
 * charts too.
 */
export function EvidenceTable({
  doc,
  design,
  onDesign,
}: {
  doc: Pick<SearchDocument, 'papers' | 'charts'>;
  design: string | null;
  onDesign: (design: string | null) => void;
}) {
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: 'rank', direction: 'ascending' });
  const all = useMemo(() => tableRows(doc), [doc]);
  const options = useMemo(() => designOptions(all), [all]);
  const rows = sortRows(filterRows(all, design), sort.key, sort.direction);
  const filterId = useId();

  const choose = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: firstDirection(key) }));

  return (
    <div className="evidence-table" data-testid="evidence-table">
      <div className="evidence-table__controls">
        <label htmlFor={filterId}>Design</label>{' '}
        <select id={filterId} value={design ?? ''} onChange={(e) => onDesign(e.target.value || null)} data-testid="design-filter">
          <option value="">All designs ({all.length})</option>
          {options.map((o) => (
            <option key={o.label} value={o.label}>
              {o.name} ({o.count})
            </option>
          ))}
        </select>
        {design && (
          <button type="button" className="link-button" onClick={() => onDesign(null)}>
            Show all designs
          </button>
        )}
      </div>
      <div className="evidence-table__scroll" role="region" aria-labelledby={`${filterId}-caption`} tabIndex={0}>
        <table>
          <caption id={`${filterId}-caption`}>
            {rows.length} of {all.length} studies{design ? `, ${options.find((o) => o.label === design)?.name ?? design} only` : ''}; sorted by{' '}
            {COLUMNS.find((c) => c.key === sort.key)!.label.toLowerCase()}, {sort.direction}.
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <Fragment key={c.key}>
                  <th scope="col" aria-sort={sort.key === c.key ? sort.direction : 'none'} className={c.numeric ? 'num' : undefined}>
                    <button type="button" onClick={() => choose(c.key)} data-testid={`sort-${c.key}`}>
                      {c.label}
                      <span aria-hidden="true">{sort.key === c.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                  {c.key === 'rank' && <th scope="col">Study</th>}
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.pmid} data-testid="evidence-row">
                <td className="num">{r.rank}</td>
                <td className="evidence-table__title">
                  {r.retracted && <strong className="badge badge--refutes">Retracted</strong>}{' '}
                  <Link to={`/documents/${encodeURIComponent(r.pmid)}`}>{r.title}</Link>
                </td>
                <td className="num">{r.year ?? dash}</td>
                <td>{r.designName ?? dash}</td>
                <td className="num">{r.n ?? dash}</td>
                <td>{r.addresses ?? dash}</td>
                <td>{stanceCell(r)}</td>
                <td className="num">{r.weight === null ? dash : r.weight.toFixed(2)}</td>
                <td className="num">{r.citations ?? <span className="hint">unavailable</span>}</td>
                <td>{r.venue ?? dash}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
