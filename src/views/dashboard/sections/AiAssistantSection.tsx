import Typography from '@mui/material/Typography';
import { listContacts } from '../../../services/crm/crmApi.ts';
import { useHttp } from '../../../services/http/httpContext.ts';
import { useWebsites } from '../../../services/http/queries.ts';
import { useAppActor } from '../../appActorContext.ts';
import type { AssistantCommand } from '../../assistant/assistantCommands.ts';
import { CommandPalette } from '../../assistant/CommandPalette.tsx';
import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

/** Spec §2: the AI Assistant shows placeholder text; below it, a rule-based command palette. */
export function AiAssistantSection({ title, onNavigate }: SectionProps) {
  const app = useAppActor();
  const websites = useWebsites();
  const http = useHttp();
  const findContacts = async (query: string): Promise<string> => {
    const { contacts, totalCount } = await listContacts(http, { page: 1, pageSize: 5, search: query });
    if (totalCount === 0) return `No contact matches “${query}”.`;
    const names = contacts.map((c) =>
      [`${c.firstName} ${c.lastName}`.trim(), c.email].filter(Boolean).join(' · '),
    );
    return `${totalCount} contact${totalCount === 1 ? '' : 's'} match “${query}”: ${names.join('; ')}${totalCount > contacts.length ? '; …' : ''}`;
  };

  const handleRun = (command: AssistantCommand): string | Promise<string> => {
    switch (command.kind) {
      case 'createWebsite':
        app.send({ type: 'website.create' });
        return 'Opening the new website flow…';
      case 'openWebsite':
        app.send({ type: 'website.edit', websiteId: command.websiteId });
        return `Opening ${command.name}…`;
      case 'navigate':
        onNavigate?.(command.section);
        return `Opened ${command.label}`;
      case 'newPost':
        onNavigate?.('social');
        // The app opens it in the planner, or once the planner's code has loaded (the command is not lost).
        app.send({ type: 'planner.compose', text: command.text || undefined });
        return 'Opened a new post in the content planner';
      case 'findContact':
        return findContacts(command.query);
      default:
        return 'Open a website in the builder first.';
    }
  };

  return (
    <SectionPlaceholder title={title}>
      <Typography sx={{ color: 'text.secondary' }}>
        The AI Assistant is coming soon. It will answer questions about your business and help you write
        content.
      </Typography>
      <CommandPalette context={{ websites: websites.data ?? [], inBuilder: false }} onRun={handleRun} />
    </SectionPlaceholder>
  );
}
