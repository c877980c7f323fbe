import { Bot } from 'lucide-react';
import { Link } from 'wouter';

const GROUPS = [
  {
    title: 'Resources',
    links: [
      ['/documentation', 'Documentation'],
      ['/tutorials', 'Tutorials'],
      ['/api', 'API'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['/about', 'About'],
      ['/blog', 'Blog'],
      ['/careers', 'Careers'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['/privacy', 'Privacy'],
      ['/terms', 'Terms'],
    ],
  },
] as const;

export function Footer() {
  return (
    <footer id="site-footer" className="render-when-near mt-16 border-t border-slate-200 bg-white [--near-size:24rem]">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link href="/" className="flex items-center gap-2 text-lg font-bold">
            <Bot aria-hidden className="size-6 text-brand-600" /> AgentMarket
          </Link>
          <p className="mt-3 text-sm text-slate-600">
            The marketplace for intelligent agents that help you get things done
          </p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map(([href, label]) => (
                <li key={href}>
                  <Link href={href} className="text-sm text-slate-600 hover:text-brand-700">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} AgentMarket. All rights reserved.
      </div>
    </footer>
  );
}
