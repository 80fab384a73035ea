import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SocialPost } from '../../contracts/social.ts';
import { CHANNEL_LABELS } from '../../contracts/social.ts';
import { PostStatusChip } from './PostChip.tsx';

/** Every planned post, soonest first; drafts without a time last. */
export function PostList({
  posts,
  onOpenPost,
}: {
  posts: SocialPost[];
  onOpenPost: (post: SocialPost) => void;
}) {
  if (posts.length === 0) return <Typography>No posts planned yet.</Typography>;
  return (
    <Table size="small" aria-label="Planned posts">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Channel</TableCell>
          <TableCell>Text</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {posts.map((post) => (
          <TableRow key={post.id} hover onClick={() => onOpenPost(post)} sx={{ cursor: 'pointer' }}>
            <TableCell>
              {post.scheduledAt ? new Date(post.scheduledAt).toLocaleString() : 'Not scheduled'}
            </TableCell>
            <TableCell>{CHANNEL_LABELS[post.channel]}</TableCell>
            <TableCell
              sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {/* The row opens on a click; its text is the button a keyboard or screen reader reaches. */}
              <Link
                component="button"
                underline="hover"
                color="inherit"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpenPost(post);
                }}
                sx={{
                  display: 'block',
                  maxWidth: '100%',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  textAlign: 'left',
                }}
              >
                {post.text}
              </Link>
            </TableCell>
            <TableCell>
              <PostStatusChip post={post} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
