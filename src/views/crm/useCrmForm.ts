import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { type CrmWrite, selectCrmForm, selectCrmWriting } from '../../machines/crm/crmMachine.ts';
import { useCrmActor } from './crmActorContext.ts';
import { refusedField } from './crmFormRefusal.ts';

/**
 * The save of one CRM dialog through the CRM machine: `submit` sends the write as the form's, the dialog
 * closes (`onSaved`, with the id of the row saved) only when the server took it, and a refusal comes back as a message beside the field
 * it names (`fieldError`) or, naming none, as the dialog's `alert`.
 */
export function useCrmForm<F extends string>(fields: readonly F[], onSaved: (id: number | null) => void) {
  const crm = useCrmActor();
  const form = useSelector(crm, selectCrmForm);
  const writing = useSelector(crm, selectCrmWriting);
  // The machine's number for this dialog's last submission; outcomes of other dialogs are not ours.
  const [seq, setSeq] = useState<number | null>(null);
  const ours = seq !== null && form.seq === seq;
  const saved = ours && form.status === 'saved' ? form : null;

  useEffect(() => {
    if (saved) onSaved(saved.id);
  }, [saved, onSaved]);

  const refusal = ours && form.status === 'refused' ? form.message : null;
  const field = refusal ? refusedField(refusal, fields) : null;
  return {
    submit: (write: CrmWrite) => {
      crm.send({ type: 'crm.write', write, fromForm: true });
      const after = crm.getSnapshot().context.form;
      // Dropped (another write was in flight): nothing is pending, and Save stays available.
      if (after.status === 'saving') setSeq(after.seq);
    },
    saving: writing || (ours && form.status === 'saving'),
    fieldError: (name: F): string | undefined => (refusal && field === name ? refusal : undefined),
    alert: refusal && !field ? refusal : null,
  };
}
