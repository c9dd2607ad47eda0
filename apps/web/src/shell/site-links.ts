/** Where the navigation bar and the footer lead; the landing paths scroll to their sections. */
export const mainLinks = [
  { to: '/features', label: 'Features' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/pricing', label: 'Pricing' },
] as const;

export const quickLinks = [
  ...mainLinks,
  { to: '/tools', label: 'FREE Image Tools' },
  { to: '/faq', label: 'FAQ' },
] as const;

export const socialLink = { href: 'https://www.instagram.com/memoreel', label: 'Memoreel on Instagram' };

export const shellLabels = {
  home: 'Memoreel home',
  mainNavigation: 'Main',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  mobileMenu: 'Menu',
  notifications: 'Notifications',
  notificationsCount: (count: number) => `Notifications (${count} new)`,
  noNotifications: 'No notifications yet',
  noNotificationsDetail: 'We will let you know when friends add photos to your projects.',
  quickLinks: 'Quick Links',
  follow: 'Follow us',
  tagline: 'Turn your photos into memorial and celebration videos.',
  copyright: (year: number) => `© ${year} Memoreel`,
  systemStatus: 'System status',
};
