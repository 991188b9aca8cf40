/**
 * The hero picture: an agency's shift request going out, a verified caregiver accepting it.
 * Decorative (the hero text says the same), so hidden from assistive technology.
 */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 400" width="100%" aria-hidden="true" focusable="false" style={{ maxWidth: 480 }}>
      <defs>
        <linearGradient id="hero-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ccfbf1" />
          <stop offset="1" stopColor="#e0f2fe" />
        </linearGradient>
        <filter id="hero-shadow" x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="8" stdDeviation="10" floodColor="#134e4a" floodOpacity="0.12" />
        </filter>
      </defs>
      <circle cx="250" cy="200" r="180" fill="url(#hero-bg)" />
      <circle cx="410" cy="70" r="18" fill="#99f6e4" />
      <circle cx="70" cy="330" r="12" fill="#bae6fd" />

      {/* Dashboard card: a shift request */}
      <g filter="url(#hero-shadow)">
        <rect x="60" y="70" width="260" height="190" rx="16" fill="#fff" />
      </g>
      <rect x="60" y="70" width="260" height="44" rx="16" fill="#0f766e" />
      <rect x="60" y="98" width="260" height="16" fill="#0f766e" />
      <circle cx="84" cy="92" r="6" fill="#5eead4" />
      <rect x="98" y="87" width="90" height="10" rx="5" fill="#ccfbf1" />
      <rect x="84" y="134" width="120" height="10" rx="5" fill="#334155" />
      <rect x="84" y="154" width="200" height="8" rx="4" fill="#cbd5e1" />
      <rect x="84" y="170" width="170" height="8" rx="4" fill="#cbd5e1" />
      <rect x="84" y="196" width="64" height="24" rx="12" fill="#fef3c7" />
      <rect x="96" y="205" width="40" height="6" rx="3" fill="#b45309" />
      <rect x="156" y="196" width="72" height="24" rx="12" fill="#ccfbf1" />
      <rect x="168" y="205" width="48" height="6" rx="3" fill="#0f766e" />
      <rect x="84" y="232" width="110" height="8" rx="4" fill="#e2e8f0" />

      {/* Phone: the caregiver's notification */}
      <g filter="url(#hero-shadow)">
        <rect x="300" y="130" width="130" height="236" rx="22" fill="#0f172a" />
      </g>
      <rect x="308" y="140" width="114" height="216" rx="16" fill="#f8fafc" />
      <rect x="346" y="147" width="38" height="6" rx="3" fill="#cbd5e1" />
      <rect x="318" y="168" width="94" height="64" rx="10" fill="#fff" stroke="#e2e8f0" />
      <circle cx="334" cy="184" r="8" fill="#14b8a6" />
      <rect x="348" y="179" width="52" height="6" rx="3" fill="#334155" />
      <rect x="326" y="200" width="76" height="5" rx="2.5" fill="#cbd5e1" />
      <rect x="326" y="212" width="60" height="5" rx="2.5" fill="#cbd5e1" />
      <rect x="318" y="244" width="94" height="28" rx="14" fill="#0f766e" />
      <rect x="346" y="255" width="38" height="6" rx="3" fill="#fff" />
      <rect x="318" y="284" width="94" height="8" rx="4" fill="#e2e8f0" />
      <rect x="318" y="300" width="70" height="8" rx="4" fill="#e2e8f0" />

      {/* Verified caregiver badge */}
      <g filter="url(#hero-shadow)">
        <rect x="36" y="282" width="210" height="76" rx="16" fill="#fff" />
      </g>
      <circle cx="76" cy="320" r="22" fill="#fde68a" />
      <circle cx="76" cy="314" r="8" fill="#92400e" />
      <path d="M62 334a14 12 0 0 1 28 0z" fill="#92400e" />
      <rect x="110" y="304" width="84" height="9" rx="4.5" fill="#334155" />
      <rect x="110" y="322" width="60" height="7" rx="3.5" fill="#94a3b8" />
      <circle cx="220" cy="320" r="13" fill="#0f766e" />
      <path
        d="M214 320l4.2 4.2 7.8-8.4"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />

      {/* Connection from the request to the phone */}
      <path d="M320 120c40 0 60 10 70 40" fill="none" stroke="#14b8a6" strokeWidth="2.5" strokeDasharray="6 6" />
      <circle cx="390" cy="160" r="4" fill="#14b8a6" />
    </svg>
  );
}
