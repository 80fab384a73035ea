import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useCrmList } from '../../services/crm/crmQueries.ts';
import { DataTable } from '../common/DataTable.tsx';
import { leadsBySource, revenueByMonth } from './crmFormat.ts';
import { funnel, insights } from './crmRules.ts';
import { RevenueChart } from './RevenueChart.tsx';

/** Analytics and Reports: the lead funnel, revenue over time and lead sources. */
export function AnalyticsView() {
  const leads = useCrmList('leads');
  const deals = useCrmList('deals');
  const steps = useMemo(() => funnel(leads), [leads]);
  const shown = leads.length > 0 ? steps : [];
  const revenue = useMemo(() => revenueByMonth(deals), [deals]);
  const sources = useMemo(() => leadsBySource(leads), [leads]);
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h3">
            Lead funnel
          </Typography>
          {/* Counts of leads: whole-number ticks, status names in an axis as wide as the longest
              (contacted and converted both read "con…"), and nothing drawn before the first lead. */}
          <BarChart
            height={220}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: shown.map((s) => s.status), width: 'auto' }]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[{ data: shown.map((s) => s.count), label: 'Leads' }]}
          />
        </CardContent>
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ flex: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h3">
              Revenue over time
            </Typography>
            <RevenueChart revenue={revenue} height={220} label="Closed-won (USD)" />
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6" component="h3">
              Lead sources
            </Typography>
            <PieChart
              height={220}
              series={[{ data: sources.map((s, id) => ({ id, value: s.count, label: s.source })) }]}
            />
          </CardContent>
        </Card>
      </Stack>
    </Stack>
  );
}

/** AI Insights, computed by the three transparent rules each card names. */
export function AiInsightsView() {
  const deals = useCrmList('deals');
  const leads = useCrmList('leads');
  const activities = useCrmList('activities');
  const found = useMemo(() => insights(deals, leads, activities), [deals, leads, activities]);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        These insights come from fixed rules on your CRM data, not from a trained model; each card says its
        rule.
      </Typography>
      {found.map((insight) => (
        <Card key={insight.rule}>
          <CardContent>
            <Typography variant="h6" component="h3">
              {insight.rule} ({insight.items.length})
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {insight.description}
            </Typography>
            <List dense>
              {insight.items.map((item) => (
                <ListItem key={item.id}>
                  <ListItemText primary={item.label} secondary={item.detail} />
                </ListItem>
              ))}
              {insight.items.length === 0 && <ListItem>No records found</ListItem>}
            </List>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

type TrackingRow = { id: string; pagePath: string; source: string; leads: number; converted: number };

/** Lead Tracking: where web leads come from, by source and page of the form. */
export function LeadTrackingView() {
  const leads = useCrmList('leads');
  const rows = useMemo(() => {
    const groups = new Map<string, TrackingRow>();
    for (const lead of leads) {
      const key = `${lead.source}|${lead.pagePath}`;
      const row = groups.get(key) ?? {
        id: key,
        pagePath: lead.pagePath || '—',
        source: lead.source || 'unknown',
        leads: 0,
        converted: 0,
      };
      row.leads += 1;
      if (lead.status === 'converted') row.converted += 1;
      groups.set(key, row);
    }
    return [...groups.values()].sort((a, b) => b.leads - a.leads);
  }, [leads]);
  const columns: GridColDef<TrackingRow>[] = [
    { field: 'source', headerName: 'Source', flex: 1 },
    { field: 'pagePath', headerName: 'Page', flex: 1 },
    { field: 'leads', headerName: 'Leads', width: 100 },
    { field: 'converted', headerName: 'Converted', width: 110 },
  ];
  return (
    <DataTable<TrackingRow>
      label="Lead sources and pages"
      emptyLabel="No records found"
      rows={rows}
      columns={columns}
    />
  );
}
