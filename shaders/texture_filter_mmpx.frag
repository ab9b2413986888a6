#version 450
#extension GL_GOOGLE_include_directive : require
// MMPX (Morgan McGuire and Mara Gagiu, "MMPX Style-Preserving Pixel Art Magnification", JCGT
// 2021): each source texel E becomes four output texels J K / L M, each a copy of E or of a
// neighbour, chosen by rules on exact colour equality and a luma in the 5x5 (plus a few)
// neighbourhood; rows run down (B is above E). Integer throughout: the output is exactly the
// CPU reference's. At scales other than 2 each output pixel takes the 2x result's texel under
// its centre.
#include "texture_filter.glsl"

uint at(int x, int y) {
    return packUnorm4x8(texel(ivec2(x, y)));
}

// (r + g + b + 1) * (256 - a): the paper's luma (transparent texels count as dark).
uint luma(uint c) {
    return ((c & 255u) + (c >> 8 & 255u) + (c >> 16 & 255u) + 1u) * (256u - (c >> 24));
}

bool eq2(uint v, uint a, uint b) {
    return v == a && v == b;
}
bool eq3(uint v, uint a, uint b, uint c) {
    return v == a && v == b && v == c;
}
bool eq4(uint v, uint a, uint b, uint c, uint d) {
    return v == a && v == b && v == c && v == d;
}
bool any3(uint v, uint a, uint b, uint c) {
    return v == a || v == b || v == c;
}
bool none2(uint v, uint a, uint b) {
    return v != a && v != b;
}
bool none4(uint v, uint a, uint b, uint c, uint d) {
    return v != a && v != b && v != c && v != d;
}

void main() {
    const vec2 pos = source_position();
    const ivec2 s = ivec2(floor(pos));
    const int x = s.x, y = s.y;
    const uint A = at(x - 1, y - 1), B = at(x, y - 1), C = at(x + 1, y - 1);
    const uint D = at(x - 1, y), E = at(x, y), F = at(x + 1, y);
    const uint G = at(x - 1, y + 1), H = at(x, y + 1), I = at(x + 1, y + 1);
    uint J = E, K = E, L = E, M = E; // top left, top right, bottom left, bottom right
    if (!(A == E && B == E && C == E && D == E && F == E && G == E && H == E && I == E)) {
        const uint P = at(x, y - 2), S = at(x, y + 2), Q = at(x - 2, y), R = at(x + 2, y);
        const uint Bl = luma(B), Dl = luma(D), El = luma(E), Fl = luma(F), Hl = luma(H);

        // 1:1 slopes
        if (D == B && D != H && D != F && (El >= Dl || E == A) && any3(E, A, C, G) &&
            (El < Dl || A != D || E != P || E != Q))
            J = D;
        if (B == F && B != D && B != H && (El >= Bl || E == C) && any3(E, A, C, I) &&
            (El < Bl || C != B || E != P || E != R))
            K = B;
        if (H == D && H != F && H != B && (El >= Hl || E == G) && any3(E, A, G, I) &&
            (El < Hl || G != H || E != S || E != Q))
            L = H;
        if (F == H && F != B && F != D && (El >= Fl || E == I) && any3(E, C, G, I) &&
            (El < Fl || I != H || E != R || E != S))
            M = F;

        // Intersections
        if (E != F && eq4(E, C, I, D, Q) && eq2(F, B, H) && F != at(x + 3, y)) K = M = F;
        if (E != D && eq4(E, A, G, F, R) && eq2(D, B, H) && D != at(x - 3, y)) J = L = D;
        if (E != H && eq4(E, G, I, B, P) && eq2(H, D, F) && H != at(x, y + 3)) L = M = H;
        if (E != B && eq4(E, A, C, H, S) && eq2(B, D, F) && B != at(x, y - 3)) J = K = B;
        if (Bl < El && eq4(E, G, H, I, S) && none4(E, A, D, C, F)) J = K = B;
        if (Hl < El && eq4(E, A, B, C, P) && none4(E, D, G, I, F)) L = M = H;
        if (Fl < El && eq4(E, A, D, G, Q) && none4(E, B, C, I, H)) K = M = F;
        if (Dl < El && eq4(E, C, F, I, R) && none4(E, B, A, G, H)) J = L = D;

        // 2:1 slopes
        if (H != B) {
            if (H != A && H != E && H != C) {
                if (eq3(H, G, F, R) && none2(H, D, at(x + 2, y - 1))) L = M;
                if (eq3(H, I, D, Q) && none2(H, F, at(x - 2, y - 1))) M = L;
            }
            if (B != I && B != G && B != E) {
                if (eq3(B, A, F, R) && none2(B, D, at(x + 2, y + 1))) J = K;
                if (eq3(B, C, D, Q) && none2(B, F, at(x - 2, y + 1))) K = J;
            }
        }
        if (F != D) {
            if (D != I && D != E && D != C) {
                if (eq3(D, A, H, S) && none2(D, B, at(x + 1, y + 2))) J = L;
                if (eq3(D, G, B, P) && none2(D, H, at(x + 1, y - 2))) L = J;
            }
            if (F != E && F != A && F != G) {
                if (eq3(F, C, H, S) && none2(F, B, at(x - 1, y + 2))) K = M;
                if (eq3(F, I, B, P) && none2(F, H, at(x - 1, y - 2))) M = K;
            }
        }
    }
    const bvec2 second = greaterThanEqual(pos - vec2(s), vec2(0.5));
    result = unpackUnorm4x8(second.y ? (second.x ? M : L) : (second.x ? K : J));
}
