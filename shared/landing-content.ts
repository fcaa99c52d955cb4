// The landing page's testimonials, team and press logos, in English and German: placeholders
// until real ones replace them (fair-trading law: a testimonial, a team member or a press mention
// shown must be real; README.md's known limits say so). Replace the entries here; the page
// renders whatever this file holds. Images live in web/public/images.

export interface LandingText {
  en: string;
  de: string;
}

export interface Testimonial {
  id: string;
  image: string;
  author: string;
  quote: LandingText;
  role: LandingText;
}

export interface TeamMember {
  id: string;
  image: string;
  name: string;
  title: LandingText;
  bio: LandingText;
}

export interface PressLogo {
  id: string;
  /** The publication's name: the logo's text alternative. */
  name: string;
  image: string;
}

export const PRESS: readonly PressLogo[] = [
  { id: 'expat-journal', name: 'Expat Journal', image: '/images/press/expat-journal.svg' },
  { id: 'career-weekly', name: 'Career Weekly', image: '/images/press/career-weekly.svg' },
  { id: 'tech-relocation', name: 'Tech Relocation', image: '/images/press/tech-relocation.svg' },
  { id: 'global-mobility', name: 'Global Mobility', image: '/images/press/global-mobility.svg' },
  { id: 'business-hamburg', name: 'Business Hamburg', image: '/images/press/business-hamburg.svg' },
  { id: 'startup-berlin', name: 'Startup Berlin', image: '/images/press/startup-berlin.svg' },
  { id: 'hr-today', name: 'HR Today', image: '/images/press/hr-today.svg' },
  { id: 'move-magazine', name: 'Move Magazine', image: '/images/press/move-magazine.svg' },
];

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 't1',
    image: '/images/people/priya.svg',
    author: 'Priya N.',
    quote: {
      en: 'I had my bank account and health insurance sorted two weeks before my flight. The checklist took the fear out of the move.',
      de: 'Bankkonto und Krankenversicherung waren zwei Wochen vor meinem Flug erledigt. Die Checkliste hat mir die Angst vor dem Umzug genommen.',
    },
    role: { en: 'Software engineer, Berlin', de: 'Softwareentwicklerin, Berlin' },
  },
  {
    id: 't2',
    image: '/images/people/diego.svg',
    author: 'Diego M.',
    quote: {
      en: 'The Anmeldung appointment was the part I dreaded most. The team told me exactly what to bring, and it took ten minutes.',
      de: 'Vor dem Termin zur Anmeldung hatte ich am meisten Respekt. Das Team hat mir genau gesagt, was ich mitbringen muss, und es hat zehn Minuten gedauert.',
    },
    role: { en: 'Data analyst, Hamburg', de: 'Datenanalyst, Hamburg' },
  },
  {
    id: 't3',
    image: '/images/people/aisha.svg',
    author: 'Aisha K.',
    quote: {
      en: 'Having one place for every document and deadline made the first months calm instead of chaotic.',
      de: 'Ein Ort für alle Dokumente und Fristen hat die ersten Monate ruhig statt chaotisch gemacht.',
    },
    role: { en: 'Nurse, Munich', de: 'Pflegefachkraft, München' },
  },
  {
    id: 't4',
    image: '/images/people/tomas.svg',
    author: 'Tomás R.',
    quote: {
      en: 'They even helped my wife find a German course and a family doctor who speaks English.',
      de: 'Sie haben sogar meiner Frau einen Deutschkurs und einen englischsprachigen Hausarzt gesucht.',
    },
    role: { en: 'Mechanical engineer, Stuttgart', de: 'Maschinenbauingenieur, Stuttgart' },
  },
];

export const TEAM: readonly TeamMember[] = [
  {
    id: 'm1',
    image: '/images/people/lea.svg',
    name: 'Dr. Lea Hoffmann',
    title: { en: 'Co-founder and CEO', de: 'Mitgründerin und CEO' },
    bio: {
      en: 'Former HR director who relocated over 300 engineers to Germany and knows every form by heart.',
      de: 'Ehemalige Personalleiterin, die über 300 Ingenieurinnen und Ingenieure nach Deutschland geholt hat und jedes Formular auswendig kennt.',
    },
  },
  {
    id: 'm2',
    image: '/images/people/arjun.svg',
    name: 'Arjun Mehta',
    title: { en: 'Co-founder and CTO', de: 'Mitgründer und CTO' },
    bio: {
      en: 'Moved from Bangalore to Hamburg in 2016 and turned his own relocation notes into this platform.',
      de: 'Zog 2016 von Bangalore nach Hamburg und hat aus seinen eigenen Umzugsnotizen diese Plattform gemacht.',
    },
  },
];

/** A text of this file in the interface language (English for any other). */
export const landingText = (text: LandingText, language: string): string =>
  language.startsWith('de') ? text.de : text.en;
