export function Footer() {
  return (
    <footer className="footer footer-center bg-base-200 p-6 text-base-content">
      <p>© {new Date().getFullYear()} StudyNest. All rights reserved.</p>
    </footer>
  );
}
