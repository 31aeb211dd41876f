// Menu data as the content system delivers it (site-shell-and-providers.md, section 3,
// "Navigation"): a menu has items; an item has an internal title, a main entry and child entries.
export type MenuEntry = {
  text: string;
  icon?: string;
  class?: string;
  href?: string;
  target?: string;
  route?: string;
  title?: string;
  page?: { slug: string } | null;
  article?: { slug: string; article_category?: { slug: string } | null } | null;
  activity?: { slug: string } | null;
  city?: { slug: string } | null;
  /** Organization menus only: `middle` is a heading, `dialog` opens `dialogUrl` (a query string). */
  type?: 'middle' | 'dialog' | null;
  dialogUrl?: string | null;
  scheme?: 'yellow' | 'white' | null;
};

export type MenuItem = {
  internal_title?: string;
  main: MenuEntry;
  children?: MenuEntry[];
};

export type FooterColumn = { title: string; entries: MenuEntry[] };

/** A social network or the maps listing: a footer entry with an icon and an external address. */
export type SocialLink = { label: string; href: string; icon?: string };

export type AudienceMenus = { menu: MenuItem[]; footer: FooterColumn[]; social: SocialLink[] };
export type Menus = { candidate: AudienceMenus; organization: AudienceMenus };
