import Typography from '@mui/material/Typography';
import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

/** Spec §2: the AI Assistant shows placeholder text. */
export function AiAssistantSection({ title }: SectionProps) {
  return (
    <SectionPlaceholder title={title}>
      <Typography sx={{ color: 'text.secondary' }}>
        The AI Assistant is coming soon. It will answer questions about your business and help you write
        content.
      </Typography>
    </SectionPlaceholder>
  );
}
