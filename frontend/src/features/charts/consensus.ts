/**
 * Consensus over time, ready to draw: the chart stage computes the cumulative series (search/pipeline/consensus.py);
 * these pure functions only pick the counted or the weighted shares as percentages and say the series in words.
 */
import type { Consensus, ConsensusPoint, LeadChange } from '@/types/api';

export type ConsensusMode = 'counted' | 'weighted';

export interface ConsensusRow {
  year: number;
  /** Cumulative share supporting / refuting, in percent (null while no weight has accrued). */
  supports: number | null;
  refutes: number | null;
  /** Studies so far (the band / second axis). */
  n: number;
  point: ConsensusPoint;
}

const pct = (share: number | null): number | null => (share === null ? null : Math.round(share * 1000) / 10);

export function consensusRows(consensus: Consensus, mode: ConsensusMode): ConsensusRow[] {
  return consensus.points.map((point) => ({
    year: point.year,
    supports: pct(mode === 'counted' ? point.share_supports : point.share_weighted_supports),
    refutes: pct(mode === 'counted' ? point.share_refutes : point.share_weighted_refutes),
    n: point.n,
    point,
  }));
}

export function leadChanges(consensus: Consensus, mode: ConsensusMode): LeadChange[] {
  return mode === 'counted' ? consensus.lead_changes : consensus.weighted_lead_changes;
}

const SIDE_WORDS = { supports: 'supporting', refutes: 'refuting' } as const;
const studies = (n: number) => `${n} ${n === 1 ? 'study' : 'studies'}`;

/** One row in words, for the tooltip and for readers without the picture. */
export function describeRow(row: ConsensusRow, mode: ConsensusMode): string {
  const p = row.point;
  const head = `${row.year}: ${studies(p.n)} so far (${p.added} new)`;
  if (mode === 'counted') {
    return `${head}; ${p.supports} support (${row.supports}%), ${p.refutes} refute (${row.refutes}%), ${p.unclear} unclear.`;
  }
  if (row.supports === null) return `${head}; no evidence weight yet.`;
  return `${head}; weighted by evidence ${row.supports}% support, ${row.refutes}% refute.`;
}

/** The whole chart in a few sentences: where it ends, when the lead changed, the newest study. */
export function consensusSummary(consensus: Consensus, mode: ConsensusMode): string {
  const rows = consensusRows(consensus, mode);
  if (rows.length === 0) return 'No study that addresses the question has both a stance and a publication year.';
  const last = rows[rows.length - 1];
  const parts = [`By ${last.year}, ${describeRow(last, mode).split('; ').slice(1).join('; ')}`];
  const changes = leadChanges(consensus, mode);
  parts.push(
    changes.length
      ? 'The leading side changed in ' + changes.map((c) => `${c.year} (to ${SIDE_WORDS[c.to]})`).join(', ') + '.'
      : 'The leading side never changed.',
  );
  const newest = consensus.most_recent;
  if (newest) parts.push(`Most recent study: ${newest.year} (study ${newest.rank}, ${newest.side === 'unclear' ? 'unclear' : SIDE_WORDS[newest.side]}).`);
  const unplaced = consensus.unknown_year + consensus.unjudged;
  if (unplaced) parts.push(`${studies(unplaced)} without a year or a stance ${unplaced === 1 ? 'is' : 'are'} not on the timeline.`);
  return parts.join(' ');
}
