import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { PostMenuProps } from './post-menu-dropdown';

// The menu (Radix's dropdown, its positioning and its dialogs) is a chunk of its own, asked for when the pointer or
// the focus reaches the button and shown when it is pressed: a feed's first load carries none of it.
const loadDropdown = () => import('./post-menu-dropdown');
const PostMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.PostMenuDropdown })));

/**
 * The post's '…' menu: report the post and block the author on someone else's post (block when the page offers
 * it), delete for the author and admins. Nothing to offer, no menu.
 */
export function PostMenu(props: PostMenuProps) {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  if (!props.onBlock && !props.mayDelete && !props.mayReport) return null;
  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={t('feed.post.menu')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setPressed(true)}
    >
      <Ellipsis aria-hidden />
    </Button>
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <PostMenuDropdown {...props} />
    </Suspense>
  );
}
