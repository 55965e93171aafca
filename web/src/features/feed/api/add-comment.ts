import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentAdded } from '@tip/bff/contract';
import { api } from '@/api/client';
import { updateFeedItem } from './feed-cache';
import { commentsKey } from './get-comments';
import type { CommentItem } from './types';

/** How many comments a feed card carries (the newest). */
const CARD_COMMENTS = 3;

/** Comments on the post. An empty text is an ApiError 400, an unapproved member gets a 403. */
export const addComment = ({ postId, content }: { postId: string; content: string }) =>
  api<CommentAdded>(`/api/posts/${encodeURIComponent(postId)}/comments`, { method: 'POST', body: { content } });

export function useAddComment(
  postId: string,
  options: { onSuccess?: (comment: CommentItem) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment({ postId, content }),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentItem[]>(commentsKey(postId), (list) => list && [...list, comment]);
      updateFeedItem(queryClient, postId, (item) => ({
        ...item,
        comments: [...item.comments, comment].slice(-CARD_COMMENTS),
        commentCount: item.commentCount + 1,
      }));
      options.onSuccess?.(comment);
    },
    onError: options.onError,
  });
}
