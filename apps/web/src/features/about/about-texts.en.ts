/** English texts of the About page. */
export const aboutEn = {
  title: 'About',
  description:
    'Shelfwise: multi-tenant warehouse stocktaking — count tasks, phone scanning, reviews and audits, warehouse insight.',
  version: 'Version',
  built: 'Licences listed',
  licences: 'Third-party software',
  licencesHint:
    'Shelfwise ships with these open-source packages (in the web app, the server or both), listed from the lockfile when this release was built.',
  summary: '{{count}} packages',
  search: 'Search by name or licence',
  name: 'Package',
  packageVersion: 'Version',
  license: 'Licence',
  usedBy: 'Used by',
  web: 'web app',
  server: 'server',
  homepage: 'Home page',
  text: 'Licence text',
  noText: 'The package ships no licence file; see its home page.',
  unavailable: 'The licence list is made by the build (npm run build); this copy of the web app has none.',
};

export type AboutTexts = typeof aboutEn;
