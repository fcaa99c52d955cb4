// The company behind the product: one place for contact and legal details (imprint, footer,
// mails, landing page).
export const COMPANY = {
  name: 'Relocate Germany GmbH',
  brand: 'Relocate Germany',
  street: 'Großer Burstah 31',
  postalCode: '20457',
  city: 'Hamburg',
  country: 'Germany',
  email: 'hello@relocate-germany.example',
  phone: '+49 40 0000 0000',
  managingDirectors: ['Dr. Lea Hoffmann', 'Arjun Mehta'],
  register: { court: 'Amtsgericht Hamburg', number: 'HRB 000000' },
  vatId: 'DE000000000',
  /** Companies reach us here (landing page 'For companies'). */
  companiesEmail: 'companies@relocate-germany.example',
} as const;
