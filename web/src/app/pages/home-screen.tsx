import { BlockUserDialog } from '@/features/blocks';
import { HomePage } from '@/features/feed';
import { TesterCreditsPanel } from '@/features/wallet';

/** The home page (the feed) with what other areas add to it: the testers' free credits and blocking a post's author. */
export function HomeScreen() {
  return <HomePage testerPanel={<TesterCreditsPanel />} blockDialog={BlockUserDialog} />;
}
