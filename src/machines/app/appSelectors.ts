// The app machine's selectors that only views loaded on demand use: a module of their own, so the first screen
// does not carry them (it imports only the app machine's types from here).
import type { AnyActorRef } from 'xstate';
import type { AppSnapshot, CartActorRef } from './appMachine.ts';

export const selectToastsRef = (snapshot: AppSnapshot) => snapshot.children.toasts;
export const selectReviewRef = (snapshot: AppSnapshot) => snapshot.children.review;
export const selectProfileFormRef = (snapshot: AppSnapshot) => snapshot.children.profileForm;
export const selectPasswordFormRef = (snapshot: AppSnapshot) => snapshot.children.passwordForm;
export const selectTeamRef = (snapshot: AppSnapshot) => snapshot.children.team;
export const selectAdminRef = (snapshot: AppSnapshot) => snapshot.children.admin;
export const selectBuilderRef = (snapshot: AppSnapshot) => snapshot.children.builder;
export const selectPublishRef = (snapshot: AppSnapshot) => snapshot.children.publish;
export const selectGeneratorError = (snapshot: AppSnapshot) => snapshot.context.generatorError;
export const selectSetupVariant = (snapshot: AppSnapshot) => snapshot.context.setupVariant;
export const selectPlannerRef = (snapshot: AppSnapshot) => snapshot.children.planner;
export const selectInvitationRef = (snapshot: AppSnapshot) => snapshot.children.invitation;
export const selectOAuthConnectRef = (snapshot: AppSnapshot) => snapshot.children.oauthConnect;
/** The CRM actor: running only while a CRM place shows. */
export const selectCrmRef = (snapshot: AppSnapshot) => snapshot.children.crm;
/** The Storefront preview's cart, while the preview shows a store. */
export const selectCartRef = (snapshot: AppSnapshot) =>
  (snapshot.children as Record<string, AnyActorRef | undefined>).cart as CartActorRef | undefined;
/** Settings › Business details' form, while that page shows. */
export const selectBusinessDetailsRef = (snapshot: AppSnapshot) => snapshot.children.businessDetails;
/** The session-recording switch's actor, while the switch is on screen. */
export const selectReplaySettingsRef = (snapshot: AppSnapshot) => snapshot.children.replaySettings;
/** The open recorded session's stepper, while a session is open in Admin › Session Replay. */
export const selectReplayPlayerRef = (snapshot: AppSnapshot) => snapshot.children.replayPlayer;
/** The recorded session open in Admin › Session Replay, or null. */
export const selectReplaySessionId = (snapshot: AppSnapshot) => snapshot.context.replaySessionId;
/** The place showing has typed changes not saved yet (the tab's close or reload asks too). */
export const selectUnsavedChanges = (snapshot: AppSnapshot) => snapshot.context.unsavedChanges;
/** A move to another place waits for the owner's answer: lose the unsaved changes, or stay. */
export const selectLeaveAsked = (snapshot: AppSnapshot) => snapshot.context.leaving !== null;
