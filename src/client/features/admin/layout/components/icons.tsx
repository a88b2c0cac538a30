import { Stroke } from '@/client/components/icons';

/** Inline icons of the admin shell (nothing to download), in the shop's icon style, a little smaller by default. */
const AdminStroke = ({ d, size = 22 }: { d: string; size?: number }) => <Stroke d={d} size={size} />;

export const MenuIcon = () => <AdminStroke d="M4 6h16M4 12h16M4 18h16" />;
export const HomeIcon = () => <AdminStroke d="M3 11.5 12 4l9 7.5M5.5 9.5V20h4.5v-6h4v6h4.5V9.5" size={20} />;
export const LogoutIcon = () => <AdminStroke d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" size={20} />;
