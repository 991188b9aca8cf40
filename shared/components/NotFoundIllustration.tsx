/** The 404 picture: a map pin that lost its way along a dashed path. Decorative. */
export function NotFoundIllustration() {
  return (
    <svg viewBox="0 0 320 220" width="100%" aria-hidden="true" focusable="false" style={{ maxWidth: 320 }}>
      <ellipse cx="160" cy="196" rx="120" ry="14" fill="#e2e8f0" />
      <path
        d="M40 180c30-40 70 10 100-20s40-70 90-60 50 40 60 30"
        fill="none"
        stroke="#99f6e4"
        strokeWidth="4"
        strokeDasharray="2 10"
        strokeLinecap="round"
      />
      <text
        x="160"
        y="120"
        textAnchor="middle"
        fontSize="96"
        fontWeight="800"
        fill="#ccfbf1"
        fontFamily="system-ui, sans-serif"
      >
        404
      </text>
      <g transform="translate(160 40)">
        <path d="M0 110c-4-30-40-52-40-82a40 40 0 0 1 80 0c0 30-36 52-40 82z" fill="#0f766e" />
        <circle cx="0" cy="28" r="18" fill="#fff" />
        <path
          d="M-6 22a6 6 0 1 1 8 5.6c-2 .8-2 2.4-2 4.4"
          fill="none"
          stroke="#0f766e"
          strokeWidth="3.2"
          strokeLinecap="round"
        />
        <circle cx="0" cy="38" r="2" fill="#0f766e" />
      </g>
    </svg>
  );
}
