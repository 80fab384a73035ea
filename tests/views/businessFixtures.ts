/** Bob's business profile as GET /api/business/profile returns it (the Settings › Business details tests). */
export const bobProfile = {
  businessName: 'Bob Bakery',
  industry: 'retail',
  services: 'Bread',
  email: 'bob@example.com',
  phone: '555 0100',
  address: '',
  socialLinks: [],
  websiteId: null,
};
