import type { SocialPost, SocialPostInput } from '../../contracts/social.ts';
import type { Http } from '../http/http.ts';

export async function listPosts(http: Http): Promise<SocialPost[]> {
  return http.get('social/posts').json<SocialPost[]>();
}

export async function createPost(http: Http, post: SocialPostInput): Promise<SocialPost> {
  return http.post('social/posts', { json: post }).json<SocialPost>();
}

export async function updatePost(http: Http, id: number, post: SocialPostInput): Promise<SocialPost> {
  return http.put(`social/posts/${id}`, { json: post }).json<SocialPost>();
}

export async function deletePost(http: Http, id: number): Promise<void> {
  await http.delete(`social/posts/${id}`);
}

/** GET /api/social/posts.ics: the plan as an iCalendar file. */
export async function exportPlan(http: Http): Promise<Blob> {
  return http.get('social/posts.ics').blob();
}

/** POST /api/upload/image; the post keeps the stored image's URL (no data-URL fallback here). */
export async function uploadPostImage(http: Http, file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  return (await http.post('upload/image', { body }).json<{ url: string }>()).url;
}
