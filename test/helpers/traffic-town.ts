// A town whose route changes with the traffic: a primary road a→b (800 m) and a residential detour a–c–d–b
// (1,200 m), both signed 50 km/h; the detour passes under a 3.5 m bridge. At rush hour the main road is slower.
import { AsciiMap } from './ascii-map.js';

export const trafficTown = new AsciiMap(`
a-------b
|       |
c-------d
    t
`)
  .node('t', { place: 'town', name: 'Trafficville' })
  .way('ab', { highway: 'primary', maxspeed: '50' })
  .way('ac', { highway: 'residential', maxspeed: '50' })
  .way('cd', { highway: 'residential', maxspeed: '50', maxheight: '3.5' })
  .way('db', { highway: 'residential', maxspeed: '50' });

// 2026-11-17 is a Tuesday.
export const TUESDAY_0815 = '2026-11-17T08:15:00+01:00';
