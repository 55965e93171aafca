/** The visitors' home page (with the demo session's banner). */
export { LandingPage } from './pages/landing-page';
