/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The server never touches a spec (SPEC 0): it only serves the app's static pages.
};

export default nextConfig;
