import type { AdminDailyCount } from '@marketplace/contract';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { adminAreaTexts } from './texts.ts';

/** 'YYYY-MM-DD' as 'DD.MM.' for the axis. */
function shortDate(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}.${month}.`;
}

/**
 * New ads and new members per day over the last 30 days (SPEC.md §6 admin statistics), drawn
 * with recharts. Loaded in its own chunk by the admin page only.
 */
export default function DailyChart({ daily }: { daily: AdminDailyCount[] }) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={16} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip labelFormatter={(label) => shortDate(String(label))} />
        <Legend />
        <Bar dataKey="listings" name={adminAreaTexts.chartListings} fill={theme.palette.primary.main} />
        <Bar dataKey="members" name={adminAreaTexts.chartMembers} fill={theme.palette.secondary.main} />
      </BarChart>
    </ResponsiveContainer>
  );
}
