/** The addresses of spec §2's booking pages, shared by the day list, the slot page and its nearby tours. */
export const dayPath = (day: string) => `/bookings/date/${day}`;

export const slotPath = (day: string, time: string, tour: string) =>
  `/bookings/date/${day}/${time}/${encodeURIComponent(tour)}`;
