import type { Workflow, WorkflowAction, WorkflowCondition } from '../../contracts/crm.ts';

// The one place where workflow codes become words: the form's choices, the list and the runs log use it.

export const TRIGGER_LABELS: Record<Workflow['trigger'], string> = {
  'contact.created': 'When a contact is created',
  'lead.status_changed': "When a lead's status changes",
  'deal.stage_changed': 'When a deal moves to another stage',
  'form.submitted': 'When a form is submitted',
};

export const ACTION_LABELS: Record<WorkflowAction['type'], string> = {
  'create-activity': 'Log an activity',
  'send-email': 'Send an email',
  'add-to-list': 'Add the contact to a list',
  'update-field': 'Update a field',
};

// Steps a run's log names besides the actions.
const RUN_STEP_LABELS: Record<string, string> = { conditions: 'Conditions', run: 'Run' };

/** A trigger or action code in words (an unknown code is shown as it is). */
export const triggerLabel = (trigger: string) => TRIGGER_LABELS[trigger as Workflow['trigger']] ?? trigger;
export const actionLabel = (action: string) =>
  ACTION_LABELS[action as WorkflowAction['type']] ?? RUN_STEP_LABELS[action] ?? action;

const conditionLabel = (c: WorkflowCondition) => `${c.field} ${c.operator} "${String(c.value)}"`;

/** An action in the middle of a sentence: "log an activity". */
const actionInSentence = (action: string) => {
  const label = actionLabel(action);
  return label === action ? label : label.charAt(0).toLowerCase() + label.slice(1);
};

/** "When a contact is created, if company contains "Navy" → log an activity, then send an email". */
export function describeWorkflow(workflow: Pick<Workflow, 'trigger' | 'conditions' | 'actions'>): string {
  const conditions = workflow.conditions.map(conditionLabel).join(' and ');
  const when = conditions
    ? `${triggerLabel(workflow.trigger)}, if ${conditions}`
    : triggerLabel(workflow.trigger);
  return `${when} → ${workflow.actions.map((a) => actionInSentence(a.type)).join(', then ')}`;
}
