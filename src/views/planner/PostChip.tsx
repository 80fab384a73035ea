import Chip from '@mui/material/Chip';
import type { SocialPost } from '../../contracts/social.ts';

/** A post's state as the owner reads it; a due post nobody could publish says "not connected". */
export function PostStatusChip({ post }: { post: SocialPost }) {
  const label =
    post.status === 'failed' && post.statusNote ? `${post.status}: ${post.statusNote}` : post.status;
  const color =
    post.status === 'published'
      ? 'success'
      : post.status === 'failed'
        ? 'error'
        : post.status === 'scheduled'
          ? 'primary'
          : 'default';
  return <Chip size="small" color={color} label={label} />;
}
