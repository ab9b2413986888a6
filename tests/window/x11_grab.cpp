// x11-grab: waits for a top-level window with the given title on the X server ($DISPLAY),
// takes its pixels from the X server (XGetImage: what the server shows, not what the program
// drew into its own memory), writes them as PNG and, optionally, compares a region with a
// reference PNG (picavk-render's output for the same frame).
//
// usage: x11-grab TITLE OUT.png TIMEOUT_S [REF.png X Y MAX_DIFF]
// Exit: 0 grabbed (and the region matched), 1 mismatch, 2 no such window in time or bad use.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {
Window find_window(Display* d, Window w, const std::string& title) {
    char* name = nullptr;
    if (XFetchName(d, w, &name) && name) {
        const bool match = title == name;
        XFree(name);
        if (match) return w;
    }
    Window root, parent, *children = nullptr;
    unsigned n = 0;
    if (!XQueryTree(d, w, &root, &parent, &children, &n)) return 0;
    Window found = 0;
    for (unsigned i = 0; i < n && !found; ++i)
        found = find_window(d, children[i], title);
    if (children) XFree(children);
    return found;
}

int channel_shift(unsigned long mask) {
    int s = 0;
    while (mask && !(mask & 1)) {
        mask >>= 1;
        ++s;
    }
    return s;
}
} // namespace

int main(int argc, char** argv) {
    if (argc != 4 && argc != 8) {
        std::fprintf(stderr, "usage: x11-grab TITLE OUT.png TIMEOUT_S [REF.png X Y MAX_DIFF]\n");
        return 2;
    }
    Display* d = XOpenDisplay(nullptr);
    if (!d) {
        std::fprintf(stderr, "x11-grab: cannot open display %s\n", std::getenv("DISPLAY"));
        return 2;
    }
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(std::atoi(argv[3]));
    Window w = 0;
    while (!(w = find_window(d, DefaultRootWindow(d), argv[1]))) {
        if (std::chrono::steady_clock::now() > deadline) {
            std::fprintf(stderr, "x11-grab: no window titled \"%s\"\n", argv[1]);
            return 2;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    // The title changes when the frame is shown; the presentation may still be in flight.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    XWindowAttributes a{};
    XGetWindowAttributes(d, w, &a);
    XImage* img = XGetImage(d, w, 0, 0, static_cast<unsigned>(a.width),
                            static_cast<unsigned>(a.height), AllPlanes, ZPixmap);
    if (!img) {
        std::fprintf(stderr, "x11-grab: XGetImage failed\n");
        return 2;
    }
    const int width = a.width, height = a.height;
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * 4);
    const int rs = channel_shift(img->red_mask), gs = channel_shift(img->green_mask),
              bs = channel_shift(img->blue_mask);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const unsigned long p = XGetPixel(img, x, y);
            std::uint8_t* o = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
            o[0] = static_cast<std::uint8_t>((p & img->red_mask) >> rs);
            o[1] = static_cast<std::uint8_t>((p & img->green_mask) >> gs);
            o[2] = static_cast<std::uint8_t>((p & img->blue_mask) >> bs);
            o[3] = 0xFF;
        }
    XDestroyImage(img);
    XCloseDisplay(d);
    if (!stbi_write_png(argv[2], width, height, 4, rgba.data(), width * 4)) {
        std::fprintf(stderr, "x11-grab: cannot write %s\n", argv[2]);
        return 2;
    }
    std::printf("x11-grab: %dx%d window grabbed into %s\n", width, height, argv[2]);
    if (argc == 4) return 0;

    int rw = 0, rh = 0, channels = 0;
    std::uint8_t* ref = stbi_load(argv[4], &rw, &rh, &channels, 4);
    if (!ref) {
        std::fprintf(stderr, "x11-grab: cannot read %s\n", argv[4]);
        return 2;
    }
    const int ox = std::atoi(argv[5]), oy = std::atoi(argv[6]), tolerance = std::atoi(argv[7]);
    if (ox + rw > width || oy + rh > height) {
        std::fprintf(stderr, "x11-grab: the %dx%d reference does not fit at %d,%d in %dx%d\n", rw,
                     rh, ox, oy, width, height);
        stbi_image_free(ref);
        return 1;
    }
    long bad = 0;
    int worst = 0;
    for (int y = 0; y < rh; ++y)
        for (int x = 0; x < rw; ++x)
            for (int c = 0; c < 3; ++c) {
                const int diff = std::abs(
                    int(rgba[(static_cast<std::size_t>(oy + y) * width + ox + x) * 4 + c]) -
                    int(ref[(static_cast<std::size_t>(y) * rw + x) * 4 + c]));
                worst = diff > worst ? diff : worst;
                bad += diff > tolerance;
            }
    stbi_image_free(ref);
    std::printf("x11-grab: %dx%d region at %d,%d against %s: %ld channels beyond %d, largest "
                "difference %d\n",
                rw, rh, ox, oy, argv[4], bad, tolerance, worst);
    return bad == 0 ? 0 : 1;
}
