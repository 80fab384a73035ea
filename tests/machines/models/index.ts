import type { AnyStateMachine } from 'xstate';
import { appModel } from './app.model.ts';
import { appFlowModel } from './appFlow.model.ts';
import { builderModel } from './builder.model.ts';
import { basketModel, catalogueModel } from './cart.model.ts';
import { importModel } from './contactImport.model.ts';
import { crmModel } from './crm.model.ts';
import { connectModel } from './oauthConnect.model.ts';
import { plannerModel } from './plannerEditor.model.ts';
import { publishModel } from './publish.model.ts';
import { reviewModel } from './review.model.ts';
import { sessionModel } from './session.model.ts';
import { tourModel } from './tour.model.ts';
import {
  adminModel,
  businessDetailsModel,
  invitationModel,
  passwordFormModel,
  profileFormModel,
  replayPlayerModel,
  replaySettingsModel,
  teamModel,
  toastsModel,
} from './writes.model.ts';

/** One machine of src/machines: its effect-free models and the test file that drives it along their paths. */
export type ModelEntry = { models: AnyStateMachine[]; testFile: string };

/**
 * Every machine of `src/machines`, by its export name, with the models its generated paths come from
 * (`npm run paths`) and the test that drives the real machine along them (the coverage gate checks both).
 */
export const MODELS: Record<string, ModelEntry> = {
  appMachine: { models: [appModel], testFile: 'appMachine.model.test.ts' },
  sessionMachine: { models: [sessionModel], testFile: 'sessionMachine.model.test.ts' },
  tourMachine: { models: [tourModel], testFile: 'tourMachine.model.test.ts' },
  reviewMachine: { models: [reviewModel], testFile: 'reviewMachine.model.test.ts' },
  builderMachine: { models: [builderModel], testFile: 'builderMachine.model.test.ts' },
  publishMachine: { models: [publishModel], testFile: 'publishMachine.model.test.ts' },
  cartMachine: { models: [basketModel, catalogueModel], testFile: 'cartMachine.model.test.ts' },
  crmMachine: { models: [crmModel], testFile: 'crmMachine.model.test.ts' },
  contactImportMachine: { models: [importModel], testFile: 'contactImportMachine.model.test.ts' },
  oauthConnectMachine: { models: [connectModel], testFile: 'oauthConnectMachine.model.test.ts' },
  plannerEditorMachine: { models: [plannerModel], testFile: 'plannerEditorMachine.model.test.ts' },
  adminMachine: { models: [adminModel], testFile: 'writeMachines.model.test.ts' },
  teamMachine: { models: [teamModel], testFile: 'writeMachines.model.test.ts' },
  profileFormMachine: { models: [profileFormModel], testFile: 'smallMachines.model.test.ts' },
  passwordFormMachine: { models: [passwordFormModel], testFile: 'smallMachines.model.test.ts' },
  businessDetailsMachine: { models: [businessDetailsModel], testFile: 'smallMachines.model.test.ts' },
  invitationMachine: { models: [invitationModel], testFile: 'smallMachines.model.test.ts' },
  toastsMachine: { models: [toastsModel], testFile: 'smallMachines.model.test.ts' },
  replaySettingsMachine: { models: [replaySettingsModel], testFile: 'replayMachines.model.test.ts' },
  replayPlayerMachine: { models: [replayPlayerModel], testFile: 'replayMachines.model.test.ts' },
};

/** Models of flows across machines that the browser tests walk (`npm run paths -- appFlow`). */
export const E2E_MODELS: Record<string, ModelEntry> = {
  appFlow: { models: [appFlowModel], testFile: '../../e2e/appPaths.spec.ts' },
};
