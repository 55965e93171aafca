/** The operating company as the footer shows it. Placeholders until the legal details are confirmed. */
export const COMPANY = {
  brand: 'Tip',
  legalName: 'Tip Community Ltd',
  address: '71-75 Shelton Street, Covent Garden, London WC2H 9JQ, United Kingdom',
  companyNumber: '15234876',
  supportEmail: 'support@tip.community',
  copyrightYear: 2024,
} as const;
