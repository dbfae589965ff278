import type { AnalyticsDay } from '@marketplace/contract';
import { useTheme } from '@mui/material/styles';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { analyticsTexts as t } from './texts.ts';

/** 'YYYY-MM-DD' as 'DD.MM.' for the axis. */
function shortDate(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}.${month}.`;
}

/**
 * Views, favourites and contacts per day of the range on /analytics, drawn with recharts (as
 * the admin statistics). Loaded in its own chunk by the analytics page only.
 */
export default function AnalyticsChart({ daily }: { daily: AnalyticsDay[] }) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={16} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip labelFormatter={(label) => shortDate(String(label))} />
        <Legend />
        <Line
          type="monotone"
          dataKey="views"
          name={t.views}
          stroke={theme.palette.primary.main}
          strokeWidth={2}
          dot={daily.length <= 31}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="favorites"
          name={t.favorites}
          stroke={theme.palette.secondary.main}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="contacts"
          name={t.contacts}
          stroke={theme.palette.success.main}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
