import { LineChart } from '@mui/x-charts/LineChart';
import { chartMoney, compactAmount, type revenueByMonth } from './crmFormat.ts';

/**
 * Closed-won revenue per month, as the CRM dashboard and Analytics show it: each month is a mark (one month alone
 * drew nothing), and the amounts' axis fits its labels.
 */
export function RevenueChart({
  revenue,
  height,
  label,
}: {
  revenue: ReturnType<typeof revenueByMonth>;
  height: number;
  label: string;
}) {
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: 'point', data: revenue.map((r) => r.month) }]}
      yAxis={[{ width: 'auto', valueFormatter: compactAmount }]}
      series={[{ data: revenue.map((r) => r.revenue), label, showMark: true, valueFormatter: chartMoney }]}
    />
  );
}
