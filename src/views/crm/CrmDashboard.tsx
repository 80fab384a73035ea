import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { type ReactNode, useMemo, useState } from 'react';
import ReactGridLayout, { type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { readCrmLayout, saveCrmLayout, type WidgetLayout } from '../../services/crm/crmLayoutStore.ts';
import { useCrmList, useCrmStats, usePipelines } from '../../services/crm/crmQueries.ts';
import { useMe } from '../../services/http/queries.ts';
import {
  chartMoney,
  compactAmount,
  formatMoney,
  leadsBySource,
  revenueByMonth,
  valueByStage,
} from './crmFormat.ts';
import { RevenueChart } from './RevenueChart.tsx';

const DEFAULT_LAYOUT: WidgetLayout[] = [
  { i: 'stats', x: 0, y: 0, w: 12, h: 3 },
  { i: 'stages', x: 0, y: 3, w: 7, h: 8 },
  { i: 'sources', x: 7, y: 3, w: 5, h: 8 },
  { i: 'revenue', x: 0, y: 11, w: 12, h: 7 },
];

/** Below this width the widgets stand one under the other, whatever the owner arranged on a wider screen. */
const STACK_BELOW_PX = 600;
/**
 * The overview's five figures stand in three rows when stacked on a phone (two columns, the revenue across both),
 * with room for a label that wraps on the narrowest phones.
 */
const STACKED_HEIGHT: Partial<Record<string, number>> = { stats: 8 };

/** The owner's board as one column, in its reading order (top to bottom, then left to right). */
export function stackedLayout(layout: readonly WidgetLayout[]): WidgetLayout[] {
  let y = 0;
  return [...layout]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((widget) => {
      const h = STACKED_HEIGHT[widget.i] ?? widget.h;
      const stacked = { ...widget, x: 0, y, w: 12, h };
      y += h;
      return stacked;
    });
}

function Widget({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {/* What does not fit (a widget made small, a large text size) scrolls rather than being cut off. */}
      <CardContent sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Typography variant="subtitle2" component="h3" className="crm-widget-handle" sx={{ cursor: 'move' }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

// Beside each other on a wider board; on a phone two columns of equal width, the revenue (the longest figure)
// across both, so the five figures take three rows whatever their length.
const WIDE_FIGURES = { display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 2, mt: 1 } as const;
const STACKED_FIGURES = {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gridAutoFlow: 'dense',
  gap: 1.5,
  mt: 1,
} as const;

type StatProps = { label: string; value: string; stacked: boolean; across?: boolean };

function Stat({ label, value, stacked, across = false }: StatProps) {
  const place = stacked
    ? { minWidth: 0, overflowWrap: 'anywhere' as const, gridColumn: across ? '1 / -1' : undefined }
    : { minWidth: 140 };
  return (
    <Box data-testid={`stat-${label}`} sx={place}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5">{value}</Typography>
    </Box>
  );
}

type Stats = ReturnType<typeof useCrmStats>['data'];

/** The overview's figures (spec §3's stats), laid out for the board's width. */
export function OverviewFigures({ stats, stacked }: { stats: Stats; stacked: boolean }) {
  return (
    <Box sx={stacked ? STACKED_FIGURES : WIDE_FIGURES}>
      <Stat label="Total Contacts" value={String(stats?.totalContacts ?? 0)} stacked={stacked} />
      <Stat label="Total Leads" value={String(stats?.totalLeads ?? 0)} stacked={stacked} />
      <Stat label="Total Deals" value={String(stats?.totalDeals ?? 0)} stacked={stacked} />
      <Stat label="Total Revenue" value={formatMoney(stats?.totalRevenue ?? 0)} stacked={stacked} across />
      <Stat label="Conversion Rate" value={`${stats?.conversionRate ?? 0}%`} stacked={stacked} />
    </Box>
  );
}

/** CRM Dashboard: the stats of spec §3 and charts, on a board each user arranges (kept per user). */
export function CrmDashboard() {
  const deals = useCrmList('deals');
  const leads = useCrmList('leads');
  const stats = useCrmStats().data;
  const pipeline = usePipelines().data?.find((p) => p.isDefault);
  const userId = useMe().data?.id ?? 'anonymous';
  const [layout, setLayout] = useState<WidgetLayout[]>(() => readCrmLayout(userId) ?? DEFAULT_LAYOUT);
  // Measured before the board first renders: at the hook's default 1280 px a phone's board slid in from 1,280 px wide.
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const stages = useMemo(() => valueByStage(deals, pipeline?.stages ?? []), [deals, pipeline]);
  const sources = useMemo(() => leadsBySource(leads), [leads]);
  const revenue = useMemo(() => revenueByMonth(deals), [deals]);

  // On a phone the board is one column that cannot be rearranged; the owner's arrangement stays as it was.
  const stacked = width < STACK_BELOW_PX;
  const shown = useMemo(() => (stacked ? stackedLayout(layout) : layout), [stacked, layout]);

  const handleLayoutChange = (next: Layout) => {
    if (stacked) return;
    const plain = next.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
    setLayout(plain);
    saveCrmLayout(userId, plain);
  };

  return (
    <div ref={containerRef}>
      {mounted && (
        <ReactGridLayout
          layout={shown}
          width={width}
          gridConfig={{ cols: 12, rowHeight: 30 }}
          dragConfig={{ enabled: !stacked, handle: '.crm-widget-handle' }}
          onLayoutChange={handleLayoutChange}
        >
          <div key="stats">
            <Widget title="Overview">
              <OverviewFigures stats={stats} stacked={stacked} />
            </Widget>
          </div>
          <div key="stages">
            <Widget title="Pipeline value by stage">
              {/* Bars side by side left too little room for six stage names (closed-won lost its label):
                  the stages are rows, named in an axis as wide as its longest name. */}
              <BarChart
                height={200}
                layout="horizontal"
                yAxis={[{ scaleType: 'band', data: stages.map((s) => s.stage), width: 'auto' }]}
                xAxis={[{ valueFormatter: compactAmount }]}
                series={[
                  { data: stages.map((s) => s.value), label: 'Value (USD)', valueFormatter: chartMoney },
                ]}
              />
            </Widget>
          </div>
          <div key="sources">
            <Widget title="Lead sources">
              <PieChart
                height={200}
                series={[{ data: sources.map((s, id) => ({ id, value: s.count, label: s.source })) }]}
              />
            </Widget>
          </div>
          <div key="revenue">
            <Widget title="Revenue over time (closed-won)">
              <RevenueChart revenue={revenue} height={160} label="Revenue (USD)" />
            </Widget>
          </div>
        </ReactGridLayout>
      )}
    </div>
  );
}
