/** The product's name and support address, as mails sign with them and the web's footer shows them. */
export const BRAND = { name: 'Tip', supportEmail: 'support@tip.community' } as const;
