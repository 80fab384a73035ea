import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The first screen is what src/main.tsx reaches by static imports that stay at run time (`import type` is
// erased, `import()` loads later). Packages that only the builder, a section or a later call needs must not
// be among them: the bundler puts everything this walk reaches into the first chunk.

const root = path.resolve(import.meta.dirname, '../..');
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;
const LINE_COMMENT = /^\s*\/\/.*$/gm;
// `import … from '…'`, `export … from '…'`, `import '…'` (not `import('…')`).
const STATIC = /(?:^|[;}\s])(import|export)\s+([\w$*{}\s,]+?\s+from\s*)?['"]([^'"\n]+)['"]/g;

/** Whether an import or re-export clause brings a value (not only types). */
function bringsValue(keyword: string, clause: string | undefined): boolean {
  if (clause === undefined) return keyword === 'import'; // a bare `import '…'` runs the module
  const names = clause.replace(/\s+from\s*$/, '').trim();
  if (/^type\s/.test(names)) return false;
  const braced = names.match(/^\{([\s\S]*)\}$/);
  if (!braced) return true; // a default or namespace import, or `export *`
  const members = braced[1]
    .split(',')
    .map((member) => member.trim())
    .filter(Boolean);
  return members.some((member) => !member.startsWith('type '));
}

function resolve(fromFile: string, specifier: string): string {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`].find((f) => existsSync(f) && statSync(f).isFile());
  if (!found) throw new Error(`${fromFile}: cannot resolve '${specifier}'`);
  return found;
}

/** The project files and the packages the entry reaches through run-time static imports. */
function firstScreen(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(file, 'utf8').replace(BLOCK_COMMENT, '').replace(LINE_COMMENT, '');
    for (const [, keyword, clause, specifier] of code.matchAll(STATIC)) {
      if (!bringsValue(keyword, clause)) continue;
      if (specifier.startsWith('.')) visit(resolve(file, specifier));
      else packages.add(specifier);
    }
  };
  visit(path.join(root, entry));
  return { files: new Set([...files].map((f) => path.relative(root, f))), packages };
}

describe('the first screen (sign-in and the dashboard shell)', () => {
  const { files, packages } = firstScreen('src/main.tsx');

  it('does not load the builder document (Yjs, its storage and co-editing)', () => {
    const builderPackages = [...packages].filter((p) =>
      /^(yjs|y-indexeddb|y-protocols|@hocuspocus\/)/.test(p),
    );
    expect(builderPackages).toEqual([]);
    const canvasFiles = [...files].filter(
      (f) => f.startsWith('src/canvas/') && f !== 'src/canvas/origins.ts',
    );
    expect(canvasFiles).toEqual([]);
  });

  it('does not load ky before the first API call, nor the CSV writer', () => {
    expect([...packages].filter((p) => p === 'ky' || p.startsWith('csv-'))).toEqual([]);
  });

  it('does not load the store and CRM sections’ API modules', () => {
    const sectionApis = [
      'src/services/store/storeAdminApi.ts',
      'src/services/store/storeQueries.ts',
      'src/services/crm/crmApi.ts',
      'src/services/crm/crmQueries.ts',
      'src/contracts/store.ts',
    ];
    expect(sectionApis.filter((f) => files.has(f))).toEqual([]);
  });

  it('does not load the children of the sections and the builder, nor their calls, until the app goes there', () => {
    const onDemand = [
      'src/machines/account/profileFormMachine.ts',
      'src/machines/account/passwordFormMachine.ts',
      'src/machines/account/teamMachine.ts',
      'src/machines/admin/adminMachine.ts',
      'src/machines/planner/plannerEditorMachine.ts',
      'src/machines/planner/oauthConnectMachine.ts',
      'src/machines/builder/builderMachine.ts',
      'src/machines/builder/publishMachine.ts',
      'src/machines/account/liveAccountForms.ts',
      'src/machines/account/liveTeamMachines.ts',
      'src/machines/planner/livePlannerMachines.ts',
      'src/machines/builder/liveBuilderMachine.ts',
      'src/machines/builder/livePublishMachine.ts',
      'src/services/builder/publishApi.ts',
      'src/services/planner/oauthApi.ts',
      'src/services/admin/reviewApi.ts',
    ];
    expect(onDemand.filter((f) => files.has(f))).toEqual([]);
  });

  it('does not load the children of one place (CRM, business details, recording switch, replay, invitation)', () => {
    const placeChildren = [
      'src/machines/crm/crmMachine.ts',
      'src/machines/crm/liveCrmMachine.ts',
      'src/machines/crm/crmWriteCache.ts',
      'src/machines/crm/contactImportMachine.ts',
      'src/machines/account/businessDetailsMachine.ts',
      'src/machines/account/liveBusinessDetailsMachine.ts',
      'src/machines/account/replaySettingsMachine.ts',
      'src/machines/account/liveReplaySettingsMachine.ts',
      'src/machines/admin/replayPlayerMachine.ts',
      'src/machines/session/invitationMachine.ts',
      'src/machines/session/liveInvitationMachine.ts',
      'src/contracts/invitations.ts',
    ];
    expect(placeChildren.filter((f) => files.has(f))).toEqual([]);
  });

  it('does not load the query cache (TanStack Query) nor the views that read server data through it', () => {
    expect([...packages].filter((p) => p.startsWith('@tanstack/'))).toEqual([]);
    const queryViews = [
      'src/services/http/queryClient.ts',
      'src/services/http/queries.ts',
      'src/services/store/ordersSummary.ts',
      'src/services/live/liveEvents.ts',
      'src/views/QueryScope.tsx',
      'src/views/dashboard/AccountSwitcher.tsx',
      'src/views/dashboard/AccountSync.tsx',
      'src/views/store/OrdersBadge.tsx',
    ];
    expect(queryViews.filter((f) => files.has(f))).toEqual([]);
  });

  it('does not load the sections’ table (sixteen loaders) nor the narrow sidebar’s flyouts', () => {
    const onDemand = [
      'src/views/dashboard/SectionView.tsx',
      'src/views/dashboard/RequireAuth.tsx',
      'src/views/dashboard/SidebarFlyout.tsx',
    ];
    expect(onDemand.filter((f) => files.has(f))).toEqual([]);
  });

  it('does not load the dashboard shell’s tour and review machines, nor the popups they open (their selectors are apart)', () => {
    const shellChildren = [
      'src/machines/tour/tourMachine.ts',
      'src/machines/review/reviewMachine.ts',
      'src/machines/review/liveReviewMachine.ts',
      'src/machines/app/liveDashboardChildren.ts',
      'src/views/tour/TourDialog.tsx',
      'src/views/review/ReviewDialog.tsx',
    ];
    expect(shellChildren.filter((f) => files.has(f))).toEqual([]);
  });

  it('does not load the live event stream, which shows nothing, with the first screen', () => {
    const stream = ['src/services/live/liveEventStream.ts', 'src/services/live/liveEventKeys.ts'];
    expect(stream.filter((f) => files.has(f))).toEqual([]);
  });
});
