import { Bar, BarChart, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/charts/ChartFrame';
import { useTopics } from '../api/get-topics';

/** Long MeSH names ("Angiotensin-Converting Enzyme Inhibitors") are cut to fit the axis (184 px holds 18
 * characters); the tooltip and the chart's text description keep them whole. */
export function shortTopic(topic: string): string {
  return topic.length > 18 ? `${topic.slice(0, 17).trimEnd()}…` : topic;
}

export function TopicsChart() {
  const topics = useTopics(true);
  if (topics.isPending) return <p className="hint">Loading your top topics…</p>;
  if (topics.isError) return <p className="alert alert--error" role="alert">Top topics could not be loaded: {topics.error.message}</p>;
  const rows = topics.data.slice(0, 10);
  if (!rows.length) return <p className="hint">Your top topics appear after a few searches.</p>;
  return (
    <ChartFrame title="Your top topics" description={rows.map((r) => `${r.topic}: ${r.count}`).join(', ')}>
      <ResponsiveContainer width="100%" height={40 + rows.length * 36} initialDimension={{ width: 320, height: 200 }}>
        <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 24 }} accessibilityLayer={false}>
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="topic" width={184} tickFormatter={shortTopic} />
          <Tooltip />
          <Bar dataKey="count" name="Searches" fill="#0072B2" isAnimationActive={false}>
            <LabelList dataKey="count" position="right" fill="#1b1f24" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
