/** The tracker's words: the spec's (part 2, Weather analytics) and ours where it is silent. */
export const TRACKER_TEXTS = {
  title: 'Tropical Cyclone Tracker', // spec
  empty: 'No data found for tropical cyclone tracker...', // spec
  loading: 'Retrieving the tropical cyclone tracker...', // ours
  detailLoading: 'Retrieving the storm detail...', // ours
  eventKinds: [
    { title: 'Eligible For Payout', colour: 'green', meaning: 'the storm met the terms of your option (box 1, or Category 4 or 5 in box 2)' },
    { title: 'Tropical Cyclone Occurred', colour: 'red', meaning: 'a tropical storm or hurricane within 100 km (box 2)' },
    { title: 'Weather System Nearby', colour: 'orange', meaning: 'any other system within 300 km' },
  ],
} as const;
