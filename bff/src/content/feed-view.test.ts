import { describe, expect, it } from '@jest/globals';
import type { ContentFeedItem } from '@tip/content/contract';
import { encodeFeedItem, feedItemJson } from './feed-view.js';

const item: ContentFeedItem = {
  post: {
    id: 'post-1',
    authorId: 'author-1',
    content: 'Un post con "virgolette", \\ e "likeCount":7 nel testo',
    category: 'trending',
    imageUrl: '',
    imageThumbUrl: '',
    videoUrl: '',
    isPremium: false,
    creditCost: 0,
    showProfileData: true,
    showTelegramUsername: false,
    status: 'approved',
    rejectionReason: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    locked: false,
    teaserUrl: '',
    posterUrl: '',
    mediaProblem: '',
    uploadKind: '',
  },
  author: {
    id: 'author-1',
    username: 'anna',
    firstName: 'Anna',
    lastName: '',
    profileImageUrl: '',
    verificationStatus: 'approved',
    isPremium: false,
  },
  likeCount: 12,
  comments: [
    {
      comment: { id: 'c1', content: 'Bello}', createdAt: '2026-01-01T00:01:00.000Z' },
      author: null,
      byPostAuthor: true,
    },
  ],
  commentCount: 1,
  isLiked: true,
  unlocked: true,
  hasTelegram: false,
};

describe('a feed item encoded for the kept pages', () => {
  it('is the JSON of the item, byte for byte, with any like count and like put between its parts', () => {
    const encoded = encodeFeedItem(item);
    expect(encoded).toMatchObject({ postId: 'post-1', likeCount: 12, liked: true });
    expect(`${encoded.before}12${encoded.between}true${encoded.after}`).toBe(JSON.stringify(feedItemJson(item)));
    expect(JSON.parse(`${encoded.before}13${encoded.between}false${encoded.after}`)).toEqual({
      ...feedItemJson(item),
      likeCount: 13,
      isLiked: false,
    });
  });
});
