import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toFormData } from '@/api/client';
import { feedsKey } from '@/api/query-keys';
import type { PostCategory, PostCreated } from './types';

export type NewPost = {
  content: string;
  category: PostCategory;
  showProfileData: boolean;
  showTelegramUsername: boolean;
  isPremium: boolean;
  creditCost: number;
  media: File | null;
};

/** `status` says whether the post is published (approved) or waits for a moderator (pending); `message` says it. */
/** Publishes a post (multipart). A broken rule is an ApiError 400 or 403 with the server's message. */
export const createPost = (post: NewPost) => api<PostCreated>('/api/posts', { method: 'POST', body: toFormData(post) });

export function useCreatePost(options: {
  onSuccess?: (answer: PostCreated) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (answer) => {
      // The author sees their post at once, published or waiting (the push says the same to everyone else).
      void queryClient.invalidateQueries({ queryKey: feedsKey });
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}
