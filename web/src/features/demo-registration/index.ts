/** The registration walkthrough admins show (/demo-registrazione). */
export const lazyDemoRegistrationPage = () =>
  import('./pages/demo-registration-page').then((m) => ({ Component: m.DemoRegistrationPage }));
