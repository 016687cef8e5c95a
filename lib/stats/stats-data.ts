// The data of GET /api/v1/stats, read directly by the server-rendered /stats page.
import 'server-only';

export { publicStats as loadStats } from '@/lib/stats/public-stats';
